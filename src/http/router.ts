import type { IncomingMessage, ServerResponse } from 'node:http';

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** The address's path as `url.pathname` has it, known without parsing the URL when the target is a plain path. */
  pathname: string;
  /** Named segments (`:id`) and the wildcard tail (`*`) of the matched pattern. */
  params: Record<string, string>;
  /** The client's address (see client-ip.ts). */
  ip: string;
}

export type Handler = (ctx: RequestContext) => Promise<void> | void;

interface Route {
  method: string;
  segments: string[];
  /** Index of the `*` segment (the parts before it must all be there), or -1 when there is none. */
  tail: number;
  handler: Handler;
}

/** Routes registered on first need, in their place among the others (see Router.lazy). */
interface LazyGroup {
  /** The leading segments every route of the group starts with, one list per prefix, and as paths. */
  prefixes: string[][];
  paths: string[];
  load: () => Promise<(router: Router) => void>;
  loading?: Promise<void>;
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
  private readonly routes: Array<Route | LazyGroup> = [];
  /** Groups not registered yet: none, once every one was needed. */
  private readonly waiting = new Set<LazyGroup>();
  /** Patterns without `:` or `*`: a request for exactly such a path is answered from `known` after once. */
  private readonly fixedPaths = new Set<string>();
  /** `METHOD path` -> its match, for fixed paths only (so at most a few per route), emptied by add(). */
  private readonly known = new Map<string, RouteMatch>();

  /** Wraps every handler added after it (see aroundEach). */
  private around: ((handler: Handler) => Handler) | null = null;

  /**
   * Every handler added from now on runs inside `around`: the panel's routes run in the words of the person
   * asking (panel/words/), set once here rather than by each of its handlers.
   */
  aroundEach(around: (handler: Handler) => Handler): this {
    this.around = around;
    return this;
  }

  add(method: string, pattern: string, handler: Handler): this {
    if (this.around) handler = this.around(handler);
    const segments = splitPath(pattern);
    this.routes.push({ method: method.toUpperCase(), segments, tail: segments.indexOf('*'), handler });
    if (!pattern.includes(':') && !pattern.includes('*')) this.fixedPaths.add(pattern);
    this.known.clear();
    return this;
  }

  /**
   * Routes that only addresses under `prefixes` (e.g. `/svc/panel`) can reach, registered by what `load`
   * gives when a request for such an address first comes (prepare), in this place among the others:
   * matching is then exactly as if they had been added here, and a process that is never asked for them
   * never loads their code (the panel and OAuth: megabytes of resident memory a server that only serves
   * pages does not need).
   */
  lazy(prefixes: readonly string[], load: () => Promise<(router: Router) => void>): this {
    const group: LazyGroup = { prefixes: prefixes.map(splitPath), paths: [...prefixes], load };
    this.routes.push(group);
    this.waiting.add(group);
    return this;
  }

  /**
   * Registers the waiting groups an address with this path could reach, before it is matched; null when
   * there is none (the common case, checked without splitting the path). If loading fails, the group
   * stays waiting and the next request tries again.
   */
  prepare(pathname: string): Promise<void> | null {
    if (this.waiting.size === 0) return null;
    let needed: Promise<void>[] | null = null;
    let parts: string[] | undefined;
    for (const group of this.waiting) {
      const under = pathname.includes('//')
        ? group.prefixes.some((prefix) => startsWith((parts ??= splitPath(pathname)), prefix))
        : group.paths.some((path) => pathname === path || pathname.startsWith(path + '/'));
      if (!under) continue;
      group.loading ??= group.load().then((register) => this.registerGroup(group, register)).catch((error: unknown) => {
        group.loading = undefined;
        throw error;
      });
      (needed ??= []).push(group.loading);
    }
    return needed === null ? null : Promise.all(needed).then(() => {});
  }

  get(pattern: string, handler: Handler): this { return this.add('GET', pattern, handler); }
  post(pattern: string, handler: Handler): this { return this.add('POST', pattern, handler); }

  match(method: string, pathname: string): RouteMatch {
    if (!this.fixedPaths.has(pathname)) return this.search(method, pathname);
    const key = `${method} ${pathname}`;
    let found = this.known.get(key);
    if (found === undefined) {
      found = this.search(method, pathname);
      // Fixed paths have no parameters, so one match (and its empty, frozen params) serves every request.
      if (found.kind === 'found') Object.freeze(found.params);
      this.known.set(key, found);
    }
    return found;
  }

  private search(method: string, pathname: string): RouteMatch {
    const parts = splitPath(pathname);
    let allow: Set<string> | undefined;
    for (const route of this.routes) {
      if (!('method' in route)) continue;
      // Most routes fail on the number of segments alone; only candidates are compared part by part.
      if (route.tail < 0 ? parts.length !== route.segments.length : parts.length < route.tail) continue;
      if (!segmentsMatch(route.segments, parts)) continue;
      if (route.method === method || (method === 'HEAD' && route.method === 'GET')) {
        return { kind: 'found', handler: route.handler, params: paramsOf(route.segments, parts) };
      }
      allow ??= new Set<string>();
      allow.add(route.method);
      if (route.method === 'GET') allow.add('HEAD');
    }
    // A CORS preflight route alone does not make an address exist.
    allow?.delete('OPTIONS');
    if (allow && allow.size > 0) return { kind: 'method_not_allowed', allow: [...allow].sort() };
    return { kind: 'not_found' };
  }

  /** Puts a loaded group's routes in its place. */
  private registerGroup(group: LazyGroup, register: (router: Router) => void): void {
    if (!this.waiting.has(group)) return;
    const own = new Router();
    register(own);
    for (const route of own.routes) {
      // A route outside the group's prefixes would have been missed until then: a mistake in the wiring.
      if (!('method' in route) || !group.prefixes.some((prefix) => startsWith(route.segments, prefix))) {
        throw new Error(`a route registered lazily under ${group.paths.join(', ')} lies outside them`);
      }
    }
    this.routes.splice(this.routes.indexOf(group), 1, ...own.routes);
    for (const path of own.fixedPaths) this.fixedPaths.add(path);
    this.known.clear();
    this.waiting.delete(group);
  }
}

function startsWith(parts: string[], prefix: string[]): boolean {
  return prefix.length <= parts.length && prefix.every((segment, i) => parts[i] === segment);
}

function splitPath(path: string): string[] {
  return path.split('/').filter((part) => part.length > 0);
}

/** Whether `parts` fit the pattern; the caller has checked the number of parts already. */
function segmentsMatch(pattern: string[], parts: string[]): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const segment = pattern[i]!;
    if (segment === '*') return true;
    if (segment.charCodeAt(0) !== COLON && segment !== parts[i]) return false;
  }
  return true;
}

/** Named segments and the tail of a pattern that matched. */
function paramsOf(pattern: string[], parts: string[]): Record<string, string> {
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const segment = pattern[i]!;
    if (segment === '*') {
      params['*'] = parts.slice(i).join('/');
      return params;
    }
    if (segment.charCodeAt(0) === COLON) params[segment.slice(1)] = parts[i]!;
  }
  return params;
}

const COLON = 58;
