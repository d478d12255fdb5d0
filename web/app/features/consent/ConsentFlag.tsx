import { Notification } from "@mantine/core";

/** A flag: a short message pinned to the top of the page until closed. */
export function ConsentFlag({
  color,
  message,
  onClose,
}: {
  color: "green" | "red";
  message: string;
  onClose?: () => void;
}) {
  return (
    <Notification
      color={color}
      role={color === "red" ? "alert" : "status"}
      withCloseButton={Boolean(onClose)}
      onClose={onClose}
      style={{
        position: "fixed",
        top: 16,
        right: 16,
        zIndex: 400,
        maxWidth: 420,
      }}
    >
      {message}
    </Notification>
  );
}
