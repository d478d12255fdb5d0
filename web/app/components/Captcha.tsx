import { Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { FormattedMessage } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";

const messages = defineMessages({
  unavailable: {
    id: "captcha.unavailable",
    defaultMessage: "The robot check could not be loaded. Check your connection and reload the page.",
  },
});

interface TurnstileOptions {
  sitekey: string;
  callback: (token: string) => void;
  "expired-callback": () => void;
  "error-callback": () => void;
}

declare global {
  interface Window {
    turnstile?: {
      render: (container: HTMLElement, options: TurnstileOptions) => unknown;
      remove: (container: HTMLElement) => void;
    };
  }
}

const loading = new Map<string, Promise<void>>();

function loadScript(src: string): Promise<void> {
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement("script");
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        reject(new Error(`could not load ${src}`));
      };
      document.head.appendChild(script);
    });
    loading.set(src, promise);
  }
  return promise;
}

export interface CaptchaProps {
  /** The widget script (Cloudflare Turnstile's, or the local development one). */
  scriptUrl: string;
  siteKey: string;
  /** The widget's answer, or null when it expired or failed. */
  onToken: (token: string | null) => void;
  error?: string;
}

/** The robot check of a form (spec 5: captcha on registration and job application here). */
export function Captcha({ scriptUrl, siteKey, onToken, error }: CaptchaProps) {
  const container = useRef<HTMLDivElement>(null);
  const [unavailable, setUnavailable] = useState(false);
  const latest = useRef(onToken);
  useEffect(() => {
    latest.current = onToken;
  });

  useEffect(() => {
    const element = container.current;
    let cancelled = false;
    loadScript(scriptUrl)
      .then(() => {
        if (cancelled || !element || !window.turnstile) return;
        window.turnstile.render(element, {
          sitekey: siteKey,
          callback: (token) => latest.current(token),
          "expired-callback": () => latest.current(null),
          "error-callback": () => latest.current(null),
        });
      })
      .catch(() => {
        if (!cancelled) setUnavailable(true);
      });
    return () => {
      cancelled = true;
      if (element && window.turnstile) window.turnstile.remove(element);
    };
  }, [scriptUrl, siteKey]);

  return (
    <div>
      <div ref={container} data-testid="captcha" />
      {unavailable ? (
        <Text size="sm" c="red" role="alert">
          <FormattedMessage {...messages.unavailable} />
        </Text>
      ) : null}
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </div>
  );
}
