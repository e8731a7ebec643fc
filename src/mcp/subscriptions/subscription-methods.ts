// Being told of changes, as the registry hands it to both dispatchers (wiring/mcp-registry.ts loads this on
// first use: a session that never listens never loads it).
import type { SubscriptionMethods } from '../mcp-methods.js';
import { cancelListen, listen } from './listen.js';
import { subscribe, unsubscribe } from './resource-subscribe.js';

export const subscriptionMethods: SubscriptionMethods = { listen, cancel: cancelListen, subscribe, unsubscribe };
