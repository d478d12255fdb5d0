import type { IntlShape } from "react-intl";
import { defineMessages, type Message } from "./define-messages";

const messages = defineMessages({
  title: { id: "shell.documentTitle", defaultMessage: "{page} | Jobboard" },
});

/** A page's document title, "My products | Jobboard", in the page's language. */
export function documentTitle(intl: IntlShape, page: Message | string, values?: Record<string, string>): string {
  return intl.formatMessage(messages.title, {
    page: typeof page === "string" ? page : intl.formatMessage(page, values),
  });
}
