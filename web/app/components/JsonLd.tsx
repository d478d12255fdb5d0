import { jsonForScript } from "~/lib/json-script";

/** Structured data (schema.org) for search engines, as a JSON-LD script element. */
export function JsonLd({ data }: { data: object }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />;
}
