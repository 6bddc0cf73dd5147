/**
 * Set by proxy.ts on a form posted by the browser itself (no `Next-Action` header: JavaScript
 * was off). Incoming x-signin-… headers are dropped at the edge (server/forged-headers.mjs), so
 * only the proxy can set it. The method is the signal: when a scripted action redirects, Next
 * fetches the next screen with a GET that forwards the post's other headers, content type too.
 */
export const FORM_POST_HEADER = 'x-signin-form-post';
