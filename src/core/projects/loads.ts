/**
 * What the projects list loads as it opens (§7 getprojects): the screen and the portal's route prefetch
 * (src/core/router/prefetch.ts) ask with these, so the screen takes the prefetched answers. In the core every element loads.
 */
import { openAndClosed } from '../scope';

/** GET open? ('false': closed projects only; left out: open ones) → the projects the caller may see. */
export const PROJECTS_PATH = '/api/pfm/getprojects';

/** Every project the caller may see: the open ones, then the closed ones (`open` picks one or the other). */
export const PROJECTS_LIST_QUERIES = openAndClosed({});
