import { z } from "zod";

const serverEnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3002),
  GATEWAY_URL: z.url({ protocol: /^https?$/ }).default("http://127.0.0.1:4000/graphql"),
  FRONTEND_NAME: z
    .string()
    .regex(/^[a-z0-9-]+$/, "lowercase letters, digits and dashes only")
    .default("jobboard"),
});

export type ServerEnv = z.infer<typeof serverEnvSchema>;

export class InvalidEnvError extends Error {
  override name = "InvalidEnvError";
}

/** Validates the process environment; throws one readable error listing every bad variable. */
export function parseServerEnv(source: Record<string, string | undefined>): ServerEnv {
  const parsed = serverEnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join(".")}: ${issue.message}`)
      .join("; ");
    throw new InvalidEnvError(`Invalid environment for web: ${problems}`);
  }
  return parsed.data;
}

let cachedEnv: ServerEnv | undefined;

/** The validated environment, read once on first use (never at import time). */
export function serverEnv(): ServerEnv {
  cachedEnv ??= parseServerEnv(process.env);
  return cachedEnv;
}
