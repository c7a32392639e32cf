/**
 * MSAL 5's redirect bridge: the identity provider sends every sign-in response (redirect, popup,
 * silent iframe) here; this hands it to the page that started the sign-in, or navigates back to it.
 */
import { broadcastResponseToMainFrame } from '@azure/msal-browser/redirect-bridge';

broadcastResponseToMainFrame().catch((error: unknown) => {
  console.error('Sign-in response could not be handed back to the page', error);
});
