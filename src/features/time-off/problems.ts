/** What a failed call means to the user (§8): the shared rule (core/api problems) with the time-off screens' sentences. */
import { problemText as sharedProblemText } from '../../core/api';
import { PTO_SCREEN_TEXT } from './text';

export { isStale, serverMessage } from '../../core/api';

/** A clear sentence for a failed write or load. */
export const problemText = (error: unknown): string => sharedProblemText(error, PTO_SCREEN_TEXT);
