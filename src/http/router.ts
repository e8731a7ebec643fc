import type { IncomingMessage, ServerResponse } from 'node:http';

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** Named segments (`:id`) and the wildcard tail (`*`) of the matched pattern. */
  params: Record<string, string>;
  /** The client's address (see client-ip.ts). */
  ip: string;
}

export type Handler = (ctx: RequestContext) => Promise<void> | void;

interface Route {
  method: string;
  segments: string[];
  handler: Handler;
}

export type RouteMatch =
  | { kind: 'found'; handler: Handler; params: Record<string, string> }
  | { kind: 'method_not_allowed'; allow: string[] }
  | { kind: 'not_found' };

/**
 * A router is `add` + `match`. Patterns are `/a/:param/b` or end in `/*` for a tail. Routes are tried in
 * the order they were added, so specific routes go before catch-alls. HEAD falls back to GET.
 */
export class Router {
  private readonly routes: Route[] = [];

  add(method: string, pattern: string, handler: Handler): this {
    this.routes.push({ method: method.toUpperCase(), segments: splitPath(pattern), handler });
    return this;
  }

  get(pattern: string, handler: Handler): this { return this.add('GET', pattern, handler); }
  post(pattern: string, handler: Handler): this { return this.add('POST', pattern, handler); }

  match(method: string, pathname: string): RouteMatch {
    const parts = splitPath(pathname);
    const allow = new Set<string>();
    for (const route of this.routes) {
      const params = matchSegments(route.segments, parts);
      if (!params) continue;
      if (route.method === method || (method === 'HEAD' && route.method === 'GET')) {
        return { kind: 'found', handler: route.handler, params };
      }
      allow.add(route.method);
      if (route.method === 'GET') allow.add('HEAD');
    }
    // A CORS preflight route alone does not make an address exist.
    allow.delete('OPTIONS');
    if (allow.size > 0) return { kind: 'method_not_allowed', allow: [...allow].sort() };
    return { kind: 'not_found' };
  }
}

function splitPath(path: string): string[] {
  return path.split('/').filter((part) => part.length > 0);
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const segment = pattern[i]!;
    if (segment === '*') {
      params['*'] = parts.slice(i).join('/');
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = part;
    else if (segment !== part) return null;
  }
  return parts.length === pattern.length ? params : null;
}
