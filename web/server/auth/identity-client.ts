/**
 * Calls from the web server (backend for frontend) to identity's REST endpoints. Identity stays
 * the authority: it checks passwords, upserts social users and issues the access tokens that the
 * session keeps. Nothing here is reachable from the browser.
 */

/** What identity answers for a successful sign-in of any kind. */
export interface IdentityGrant {
  accessToken: string;
  /** Seconds since the epoch. */
  expiresAt: number;
  user: {
    id: string;
    email: string;
    name: string;
    roles: string[];
    emailVerified: boolean;
  };
  /** Set by social sign-in when this sign-in created the account. */
  isNewUser?: boolean;
  /** Set by masquerade: the admin acting as this user. */
  actorId?: string;
}

export type IdentityFailure =
  | { kind: "rejected"; error: string; message: string }
  | { kind: "throttled"; message: string }
  | { kind: "unavailable" };

export type IdentityAnswer =
  { kind: "ok"; grant: IdentityGrant } | IdentityFailure;

const IDENTITY_TIMEOUT_MS = 10_000;

export class IdentityClient {
  constructor(
    private readonly baseUrl: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  /** Checks an email and password; identity throttles per account and per client address. */
  credentials(input: {
    email: string;
    password: string;
    clientAddress?: string;
    userAgent?: string;
  }): Promise<IdentityAnswer> {
    return this.post("/auth/credentials", {
      email: input.email,
      password: input.password,
      client_address: input.clientAddress ?? null,
      user_agent: input.userAgent ?? null,
    });
  }

  /** Signs in (creating the account on first use) with an ID token identity verifies itself. */
  social(input: {
    provider: string;
    idToken: string;
    role?: string;
    consents?: string[];
    userAgent?: string;
  }): Promise<IdentityAnswer> {
    return this.post("/auth/social", {
      provider: input.provider,
      id_token: input.idToken,
      role: input.role ?? null,
      accepted_consent_info_ids: input.consents ?? [],
      user_agent: input.userAgent ?? null,
    });
  }

  /**
   * A fresh token for the session of `token`, with the account's current roles (ADR 0023);
   * `rejected` (`SessionEnded`) once the session was ended, the account blocked or deleted.
   */
  refresh(token: string): Promise<IdentityAnswer> {
    return this.post("/auth/refresh", {}, token);
  }

  /** Ends the session of `token` at identity, so no copy of it works any more (ADR 0023). */
  async signOut(token: string): Promise<boolean> {
    try {
      const response = await this.fetchImpl(new URL("/auth/signout", this.baseUrl), {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(IDENTITY_TIMEOUT_MS),
      });
      return response.ok;
    } catch {
      return false;
    }
  }

  /** A token for acting as another user (id or email); identity checks the admin's own token. */
  masquerade(input: {
    adminToken: string;
    user: string;
  }): Promise<IdentityAnswer> {
    return this.post(
      "/auth/masquerade",
      { user: input.user },
      input.adminToken,
    );
  }

  private async post(
    path: string,
    body: unknown,
    bearer?: string,
  ): Promise<IdentityAnswer> {
    let response: Response;
    try {
      response = await this.fetchImpl(new URL(path, this.baseUrl), {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(IDENTITY_TIMEOUT_MS),
      });
    } catch {
      return { kind: "unavailable" };
    }
    if (response.status >= 500) return { kind: "unavailable" };
    const payload = (await response.json().catch(() => null)) as Record<
      string,
      unknown
    > | null;
    if (response.ok && payload && typeof payload.accessToken === "string") {
      return { kind: "ok", grant: payload as unknown as IdentityGrant };
    }
    const message =
      typeof payload?.message === "string"
        ? payload.message
        : "Sign-in failed.";
    if (response.status === 429) return { kind: "throttled", message };
    const error =
      typeof payload?.error === "string" ? payload.error : "Rejected";
    return { kind: "rejected", error, message };
  }
}
