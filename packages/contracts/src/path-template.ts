/** Path templates in OpenAPI's form (`/videos/generations/{id}/events`): their label form and their matcher. */

/** The template with `:param` for `{param}`, the form metric labels and the request log filter use. */
export type RouteTemplate<P extends string> = P extends `${infer Head}{${infer Name}}${infer Tail}`
  ? `${Head}:${Name}${RouteTemplate<Tail>}`
  : P;

/** Like RouteTemplate, for values. */
export function routeTemplate<P extends string>(path: P): RouteTemplate<P> {
  return path.replace(/\{([a-zA-Z]+)\}/g, ":$1") as RouteTemplate<P>;
}

/**
 * The whole-path matcher of a template: each `{param}` matches one non-empty segment, captured as the
 * named group `param` (still percent-encoded); everything else matches literally.
 */
export function pathPattern(path: string): RegExp {
  const source = path
    .split(/(\{[a-zA-Z]+\})/)
    .map((part) => (part.startsWith("{") ? `(?<${part.slice(1, -1)}>[^/]+)` : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${source}$`);
}
