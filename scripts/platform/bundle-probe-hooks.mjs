/** Module hooks for bundle-probe.mjs: reports every package a bundle loads, by name. */
let port;
export function initialize(data) {
  port = data.port;
}
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*\/node_modules\/)/.exec(result.url);
  if (match) port.postMessage(match[1]);
  return result;
}
