import { Alert } from "@mantine/core";
import { useLocation, useNavigate } from "react-router";
import { readFlash } from "~/lib/flash";

/** The one-time message the navigation to this page carried (lib/flash), until dismissed. */
export function FlashMessage() {
  const location = useLocation();
  const navigate = useNavigate();
  const flash = readFlash(location.state);
  if (!flash) return null;
  return (
    <Alert
      color="green"
      role="status"
      title={flash.title}
      withCloseButton
      closeButtonLabel="Dismiss"
      mb="md"
      onClose={() =>
        void navigate(
          {
            pathname: location.pathname,
            search: location.search,
            hash: location.hash,
          },
          { replace: true, state: null, preventScrollReset: true },
        )
      }
    >
      {flash.text}
    </Alert>
  );
}
