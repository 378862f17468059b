/*
 * A Node-API addon with one function, trim(): glibc's malloc_trim(0), which gives the free pages
 * inside malloc's heaps back to the system (glibc itself returns only the free top of each heap).
 * Built beside the server bundle by apps/server/bundle.mjs where a C compiler and Node's headers
 * are found; elsewhere, and on other C libraries, the server runs without it
 * (platform/runtime/malloc-trim.ts).
 */
#include <node_api.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

static napi_value trim(napi_env env, napi_callback_info info) {
  (void)info;
  int released = 0;
#ifdef __GLIBC__
  released = malloc_trim(0);
#endif
  napi_value result;
  napi_get_boolean(env, released != 0, &result);
  return result;
}

NAPI_MODULE_INIT() {
  napi_value fn;
  napi_create_function(env, "trim", NAPI_AUTO_LENGTH, trim, NULL, &fn);
  napi_set_named_property(env, exports, "trim", fn);
  return exports;
}
