/** Where the Content API answers: every endpoint's address and the OpenAPI document's paths start here. */
export const API_PREFIX = '/svc/api/v1';
