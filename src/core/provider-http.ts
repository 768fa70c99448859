/**
 * The few HTTP shapes of provider APIs that do not follow RFC 6749 / RFC 6750 to the letter: a
 * profile API that wants the token in the query or under another scheme, and token responses
 * that leave out `token_type`, which RFC 6749 §5.1 requires and the flow checks.
 */

/** GETs a provider API's JSON, refusing anything but a 2xx answer. */
export async function fetchProviderJson(url: string, headers: Record<string, string> = {}): Promise<unknown> {
  const response = await fetch(url, { headers: { accept: "application/json", ...headers } });
  if (!response.ok) throw new Error(`${new URL(url).origin} answered ${response.status}`);
  return response.json();
}

/** `url` with `params` added to its query. */
export function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return target.href;
}

/**
 * A token response with `token_type: "bearer"` added when the provider left it out (its tokens are
 * bearer tokens all the same); `unwrap` picks the token object out of a wrapped answer.
 */
export async function withBearerTokenType(
  response: Response,
  unwrap: (body: Record<string, unknown>) => Record<string, unknown> = (body) => body,
): Promise<Response> {
  if (!response.ok) return response;
  const body = unwrap((await response.json()) as Record<string, unknown>);
  const tokens = { token_type: "bearer", ...body };
  return new Response(JSON.stringify(tokens), {
    status: response.status,
    headers: { "content-type": "application/json" },
  });
}
