import { Alert } from "@mantine/core";
// The page's own location is already spelled in its locale: React Router's navigate, not the
// localizing one of ~/lib/site-locale, replaces it as it is.
// eslint-disable-next-line no-restricted-imports
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
