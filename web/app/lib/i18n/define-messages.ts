import { defineMessages as defineTypedMessages, type MessageDescriptor } from "react-intl";

/** A message of the catalogue: its id and its en text (the fallback of every locale). */
export type Message = MessageDescriptor & { id: string; defaultMessage: string };

/**
 * react-intl's defineMessages (the extractor, `npm run i18n:extract`, finds calls by this name)
 * without its per-message value typing, which would have every message with placeholders
 * spell its value types twice; the ICU patterns are checked by the catalogue test instead.
 */
export function defineMessages<const T extends Record<string, Message>>(
  messages: T,
): { readonly [K in keyof T]: Message } {
  return defineTypedMessages(messages);
}
