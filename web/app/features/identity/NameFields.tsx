import { Group, TextInput } from "@mantine/core";
import { useIntl } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";

const messages = defineMessages({
  firstName: { id: "identity.nameFields.firstName", defaultMessage: "First name" },
  lastName: { id: "identity.nameFields.lastName", defaultMessage: "Last name" },
});

export type NameField = "firstName" | "lastName";

/** A person's first and last name side by side, both required (sign-up, the account page). */
export function NameFields({
  values,
  onChange,
  errorOf,
}: {
  values: Record<NameField, string>;
  onChange: (field: NameField) => (event: { currentTarget: { value: string } }) => void;
  errorOf: (field: NameField) => string | undefined;
}) {
  const intl = useIntl();
  return (
    <Group grow align="flex-start">
      <TextInput
        label={intl.formatMessage(messages.firstName)}
        autoComplete="given-name"
        required
        value={values.firstName}
        onChange={onChange("firstName")}
        error={errorOf("firstName")}
      />
      <TextInput
        label={intl.formatMessage(messages.lastName)}
        autoComplete="family-name"
        required
        value={values.lastName}
        onChange={onChange("lastName")}
        error={errorOf("lastName")}
      />
    </Group>
  );
}
