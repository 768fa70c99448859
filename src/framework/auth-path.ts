/** Whether a path is one of latchkey's routes, for glue that serves them beside the app's own. */
import { isAuthAction } from "../index.js";

/**
 * Whether `pathname` is `<basePath>/<action>[/…]` for one of latchkey's actions (`isAuthAction`);
 * other paths under the base path belong to the app.
 */
export function isAuthPath(pathname: string, basePath: string): boolean {
  const prefix = `${basePath}/`;
  return pathname.startsWith(prefix) && isAuthAction(pathname.slice(prefix.length).split("/")[0] ?? "");
}
