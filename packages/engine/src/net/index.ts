/** Public surface of the engine's net domain used outside the engine: who the client is behind proxies. */
export { forwardedResolver, type ForwardedView } from "./forwarded";
