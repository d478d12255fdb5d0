// Demo SSO: a local OpenID Connect provider (the `oidc-provider` package, certified by the
// OpenID Foundation) that stands in for Google, LinkedIn or Microsoft sign-in where those cannot
// be reached: `make up` runs it as "Demo SSO" and the browser tests sign up through it.
//
// Its built-in development pages take any login and password. A login that is an email address
// becomes that address; any other login becomes <login>@demo-sso.example. Everyone's address
// counts as verified, like the big providers' accounts.
import Provider from "oidc-provider";

function required(name) {
  const value = process.env[name];
  if (!value) {
    console.error(`demo-sso: ${name} is not set (scripts/bootstrap.sh writes it to .local/env)`);
    process.exit(1);
  }
  return value;
}

const issuer = process.env.AUTH_OIDC_DEMO_SSO_ISSUER ?? "http://127.0.0.1:3005";
const webUrl = process.env.AUTH_URL ?? "http://127.0.0.1:3002";
const clientId = process.env.AUTH_OIDC_DEMO_SSO_CLIENT_ID ?? "jobboard-web";
const clientSecret = required("AUTH_OIDC_DEMO_SSO_CLIENT_SECRET");
const { hostname, port } = new URL(issuer);

function titleCase(word) {
  return word ? word[0].toUpperCase() + word.slice(1) : word;
}

export function claimsFor(login) {
  const email = login.includes("@") ? login.toLowerCase() : `${login.toLowerCase()}@demo-sso.example`;
  const [given, family = "Demo"] = email.split("@")[0].split(/[._-]+/).map(titleCase);
  return {
    sub: email,
    email,
    email_verified: true,
    given_name: given,
    family_name: family,
    name: `${given} ${family}`,
  };
}

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: [`${webUrl}/api/auth/callback/demo-sso`],
      grant_types: ["authorization_code"],
      response_types: ["code"],
    },
  ],
  claims: {
    openid: ["sub"],
    email: ["email", "email_verified"],
    profile: ["name", "given_name", "family_name"],
  },
  async findAccount(_ctx, id) {
    return { accountId: id, claims: () => claimsFor(id) };
  },
  // Auth.js sends PKCE (S256), state and nonce; ask for PKCE from every client.
  pkce: { required: () => true },
  cookies: { keys: [clientSecret] },
  features: { devInteractions: { enabled: true } },
  // Put the claims into the ID token, which identity verifies on its own.
  conformIdTokenClaims: false,
});

// The development pages warn loudly on every start; this is what they are for.
provider.on("server_error", (_ctx, error) => console.error("demo-sso:", error));

provider.listen(Number(port), hostname, () => {
  console.log(`demo-sso: OpenID provider at ${issuer} for ${webUrl} (client ${clientId})`);
});
