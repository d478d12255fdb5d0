import { logClientError } from "~/lib/client-log";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import {
  AUTH_BASE_PATH,
  SIGN_UP_CONSENT_COOKIE,
  SIGN_UP_ROLE_COOKIE,
} from "~/lib/auth-constants";
import type { PublicSession } from "~/lib/session-claims";
import { forgetPersonalDrafts } from "~/lib/personal-drafts";

/** Spec section 4: the session states of the web client. */
export type SessionStatus = "loading" | "authenticated" | "unauthenticated";

export interface SessionState {
  status: SessionStatus;
  data: PublicSession | null;
  /** Re-reads /api/auth/session; `data` asks Auth.js for a session update (CSRF-checked). */
  update: (data?: Record<string, unknown>) => Promise<PublicSession | null>;
}

/** Other tabs hear about sign-in, sign-out and updates through this local-storage key. */
export const SESSION_BROADCAST_KEY = "jobboard.session";

const SessionContext = createContext<SessionState | null>(null);

function asSession(payload: unknown): PublicSession | null {
  if (!payload || typeof payload !== "object" || !("user" in payload))
    return null;
  return payload as PublicSession;
}

async function fetchSession(init?: RequestInit): Promise<PublicSession | null> {
  const response = await fetch(`${AUTH_BASE_PATH}/session`, {
    credentials: "same-origin",
    ...init,
  });
  if (!response.ok) throw new Error(`session answered ${response.status}`);
  return asSession(await response.json());
}

export async function fetchCsrfToken(): Promise<string> {
  const response = await fetch(`${AUTH_BASE_PATH}/csrf`, {
    credentials: "same-origin",
  });
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return csrfToken;
}

function broadcast() {
  try {
    window.localStorage.setItem(
      SESSION_BROADCAST_KEY,
      JSON.stringify({ at: Date.now() }),
    );
  } catch {
    // Private mode: other tabs catch up on focus instead.
  }
}

/** Spec section 8: sign-in results carry error, ok, status and url. */
export interface SignInResult {
  error: string | null;
  /** The reason Auth.js gives with CredentialsSignin: credentials, throttled, unavailable. */
  code: string | null;
  ok: boolean;
  status: number;
  url: string | null;
}

async function postAuth(
  path: string,
  fields: Record<string, string>,
): Promise<{ status: number; url: string | null }> {
  const csrfToken = await fetchCsrfToken();
  const response = await fetch(`${AUTH_BASE_PATH}/${path}`, {
    method: "POST",
    credentials: "same-origin",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Auth-Return-Redirect": "1",
    },
    body: new URLSearchParams({ ...fields, csrfToken }),
  });
  const payload = (await response.json().catch(() => null)) as {
    url?: string;
  } | null;
  return { status: response.status, url: payload?.url ?? null };
}

/** Email and password sign-in; the session cookie is set by the answer. */
export async function signInWithCredentials(input: {
  email: string;
  password: string;
  callbackUrl: string;
}): Promise<SignInResult> {
  try {
    const { status, url } = await postAuth("callback/credentials", input);
    const params = url
      ? new URL(url, window.location.origin).searchParams
      : new URLSearchParams();
    const error = params.get("error");
    if (!error) broadcast();
    return {
      error,
      code: params.get("code"),
      ok: !error && status < 400,
      status,
      url: error ? null : url,
    };
  } catch {
    return {
      error: "Unavailable",
      code: null,
      ok: false,
      status: 0,
      url: null,
    };
  }
}

/**
 * Keeps the role picked on the sign-up page for the web server to read when the provider sends
 * the visitor back (15 minutes, like the PKCE cookie); cleared for a plain social login.
 */
export function rememberSignUpRole(
  role: string | undefined,
  consents: string[] = [],
): void {
  document.cookie = role
    ? `${SIGN_UP_ROLE_COOKIE}=${encodeURIComponent(role)}; Max-Age=900; Path=/api/auth; SameSite=Lax`
    : `${SIGN_UP_ROLE_COOKIE}=; Max-Age=0; Path=/api/auth; SameSite=Lax`;
  // The consent infos ticked on the sign-up page go with a social sign-up (ADR 0009).
  document.cookie =
    role && consents.length > 0
      ? `${SIGN_UP_CONSENT_COOKIE}=${encodeURIComponent(consents.join(","))}; Max-Age=900; Path=/api/auth; SameSite=Lax`
      : `${SIGN_UP_CONSENT_COOKIE}=; Max-Age=0; Path=/api/auth; SameSite=Lax`;
}

/** Leaves for a social provider's sign-in page (Auth.js sets the PKCE and state cookies). */
export async function signInWithProvider(
  provider: string,
  callbackUrl: string,
): Promise<void> {
  const { url } = await postAuth(`signin/${encodeURIComponent(provider)}`, {
    callbackUrl,
  });
  window.location.assign(url ?? `/user/login?error=OAuthSignin`);
}

export async function signOut(callbackUrl = "/"): Promise<void> {
  const { url } = await postAuth("signout", { callbackUrl });
  forgetPersonalDrafts();
  broadcast();
  window.location.assign(url ?? callbackUrl);
}

export interface SessionProviderProps {
  /** The session the server rendered the page with. */
  initial: PublicSession | null;
  /** Optional polling, in seconds (spec 4); focus and other tabs always refresh. */
  refetchInterval?: number;
  children: ReactNode;
}

export function SessionProvider({
  initial,
  refetchInterval,
  children,
}: SessionProviderProps) {
  const [data, setData] = useState<PublicSession | null>(initial);
  const [status, setStatus] = useState<SessionStatus>(
    initial ? "authenticated" : "unauthenticated",
  );
  const inFlight = useRef<Promise<PublicSession | null> | null>(null);

  const refresh = useCallback(async (): Promise<PublicSession | null> => {
    inFlight.current ??= fetchSession()
      .then((session) => {
        setData(session);
        setStatus(session ? "authenticated" : "unauthenticated");
        return session;
      })
      .catch((error: unknown) => {
        // Spec 8: a failed session fetch is logged as a client session error.
        console.error("[session] client session error", error);
        logClientError("session", error);
        return null;
      })
      .finally(() => {
        inFlight.current = null;
      });
    return inFlight.current;
  }, []);

  const update = useCallback(
    async (changes?: Record<string, unknown>) => {
      if (!changes) return refresh();
      setStatus("loading");
      const csrfToken = await fetchCsrfToken();
      const session = await fetchSession({
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ csrfToken, data: changes }),
      }).catch(() => null);
      setData(session);
      setStatus(session ? "authenticated" : "unauthenticated");
      broadcast();
      return session;
    },
    [refresh],
  );

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") void refresh();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_BROADCAST_KEY) void refresh();
    };
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("storage", onStorage);
    const timer = refetchInterval
      ? window.setInterval(() => void refresh(), refetchInterval * 1000)
      : undefined;
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("storage", onStorage);
      if (timer) window.clearInterval(timer);
    };
  }, [refresh, refetchInterval]);

  const value = useMemo(
    () => ({ status, data, update }),
    [status, data, update],
  );
  return (
    <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
  );
}

export function useSession(): SessionState {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession needs a <SessionProvider>");
  return session;
}
