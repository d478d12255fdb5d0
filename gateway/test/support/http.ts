export interface GraphQLResponse {
  status: number;
  body: any;
  text: string;
}

/** POSTs JSON to the gateway like a browser client would. */
export async function postJson(
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<GraphQLResponse> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(payload),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, body, text };
}
