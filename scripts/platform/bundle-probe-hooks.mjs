/** Module hooks for bundle-probe.mjs: reports every file a bundle loads (a package's files by the package's name). */
let port;
export function initialize(data) {
  port = data.port;
}
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (result.url.startsWith('file:')) {
    const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*\/node_modules\/)/.exec(result.url);
    port.postMessage(match ? { package: match[1] } : { file: result.url });
  }
  return result;
}
