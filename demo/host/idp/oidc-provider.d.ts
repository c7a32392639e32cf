// oidc-provider ships no types; this declares the small part the demo host uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface KoaContextWithOIDC {
    oidc: {
      route?: string;
      params?: Record<string, unknown>;
      client?: { clientId: string; clientName?: string; grantTypeAllowed(type: string): boolean };
      session?: { grantIdFor(clientId: string): string | undefined; sidFor(clientId: string): string | undefined; accountId?: string };
      /** Entities the provider loaded for the request (end-session: IdTokenHint, the decoded, validated hint). */
      entities: Record<string, unknown>;
      result?: { consent?: { grantId?: string } };
      provider: Provider;
      requestParamScopes: Set<string>;
    };
    host: string;
    type: string;
    body: unknown;
    status: number;
    [key: string]: unknown;
  }

  export interface GrantInstance {
    addOIDCScope(scope: string): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string };
    grantId?: string;
  }

  export class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
    Grant: {
      new (properties: { accountId: string; clientId: string }): GrantInstance;
      find(id: string): Promise<GrantInstance | undefined>;
    };
    issuer: string;
  }
  export default Provider;
}
