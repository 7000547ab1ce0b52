// zod probes for eval as soon as a schema is defined, and the Content Security Policy forbids eval.
// This classic script runs before the app's modules (both are deferred, in document order), so zod
// starts with the probe switched off.
window.__zod_globalConfig = Object.assign(window.__zod_globalConfig || {}, { jitless: true });
