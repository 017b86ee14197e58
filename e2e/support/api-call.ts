export type ApiCallInit = RequestInit & { json?: unknown };

/** Calls the app's API at `baseUrl` with an API key (`null`: none), sending `json`, if given, as the JSON body. */
export function callApiAt(baseUrl: string, key: string | null, path: string, init: ApiCallInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (key !== null) headers.set("authorization", `Bearer ${key}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
  }
  return fetch(`${baseUrl}${path}`, { ...init, headers, body });
}
