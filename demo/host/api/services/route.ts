/** A service route's declaration (its own module: the service files and the registrar both import it). */
import type { ParamSpec, ParamsOf, RouteCtx } from '../declare';

/**
 * One GET route of a service (path below its prefix), with its query parameters declared and parsed
 * once as the API's are (declare.ts). Access is checked by the handler (what a role may see).
 */
export interface ServiceRoute<D extends Readonly<Record<string, ParamSpec>> = Readonly<Record<string, ParamSpec>>> {
  path: string;
  note: string;
  params: D;
  handler: (ctx: RouteCtx<ParamsOf<D>>) => unknown;
}

/** Declare a service route (the handler's parameter types come from `params`). */
export function serviceRoute<const D extends Readonly<Record<string, ParamSpec>>>(route: ServiceRoute<D>): ServiceRoute {
  return route as unknown as ServiceRoute;
}
