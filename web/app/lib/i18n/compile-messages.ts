import type { MessageFormatElement } from "react-intl";
import type { Messages } from "./load-messages";

/**
 * A catalogue as the browser's react-intl takes it: each message parsed into its AST. The
 * browser's build has no ICU parser (scripts/precompiled-messages-plugin.ts), so catalogues reach
 * it compiled: the root loader's on the server, a language chosen later with the parser loaded
 * for it.
 */
export type CompiledMessages = Record<string, MessageFormatElement[]>;

type Parse = (message: string) => MessageFormatElement[];

export function compileMessages(messages: Messages, parse: Parse): CompiledMessages {
  return Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, parse(text)]));
}

/** A catalogue loaded in the browser, compiled with the parser fetched for it. */
export async function compileInBrowser(messages: Messages): Promise<CompiledMessages> {
  if (Object.keys(messages).length === 0) return {};
  const { parse } = await import("@formatjs/icu-messageformat-parser");
  return compileMessages(messages, (text) => parse(text));
}
