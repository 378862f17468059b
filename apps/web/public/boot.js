// Runs before anything else on every page, as a plain script (the CSP allows no inline ones).
// 1. Applies the stored colour theme before first paint (no flash). Keys: LOCAL_KEYS.theme in the
//    contract package.
// 2. Asks for the session at once (POST /api/auth/refresh), while the app's modules still load;
//    the app takes this answer (api/http.ts startBootRefresh) instead of asking again. It keeps
//    the tabs' protocol of api/refresh-share.ts (the same lock, channel, messages and counter):
//    it refreshes only when no other tab is refreshing (the lock is free), announces it, and
//    before letting the lock go bumps the counter and broadcasts the session, so a tab waiting
//    for the lock takes that session instead of rotating the cookie again. When another tab holds
//    the lock, the app asks itself through refresh-share (null here). It asks only when the
//    browser may hold a session (api/session-hint.ts mayHoldSession, the same test): a visitor's
//    pages send no refresh at all. Not on a server-rendered public page, which has no app.
(function () {
  try {
    var t = localStorage.getItem('color-theme') || 'dark';
    var dark = t === 'dark' || (t === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
  } catch (e) {
    document.documentElement.classList.add('dark');
  }

  var CHANNEL = 'omnichat:refresh'; // REFRESH_CHANNEL in api/refresh-share.ts
  var COUNTER = 'omnichat:refresh-seq'; // COUNTER_KEY there
  var HINT = 'session_hint'; // SESSION_HINT_COOKIE in the contract
  var CHECKED = 'omnichat:session-checked'; // SESSION_CHECKED_KEY in api/session-hint.ts

  /** The hint cookie, or (once) a session from before the hint: see api/session-hint.ts. */
  function mayHoldSession() {
    var pairs = document.cookie.split(';');
    var hint = false;
    for (var i = 0; i < pairs.length; i++) {
      var pair = pairs[i].trim().split('=');
      if (pair[0] === HINT && pair[1]) hint = true;
    }
    try {
      if (!hint && (localStorage.getItem(COUNTER) === null || localStorage.getItem(CHECKED) !== null)) {
        return false;
      }
      localStorage.setItem(CHECKED, '1');
    } catch (e) {
      return hint;
    }
    return true;
  }

  /** The answer as { status, body } (the body read as text once, here). */
  function refresh() {
    return fetch('/api/auth/refresh', { method: 'POST', credentials: 'same-origin' }).then(function (res) {
      return res.text().then(function (body) {
        return { status: res.status, body: body };
      });
    });
  }

  function bump() {
    try {
      var next = (Number(localStorage.getItem(COUNTER)) || 0) + 1;
      localStorage.setItem(COUNTER, String(next));
      return next;
    } catch (e) {
      return undefined;
    }
  }

  // A public page rendered by the server (<html data-public-page>) runs no app: nobody would take
  // the answer, and a visitor's 401 would only be noise.
  if (document.documentElement.hasAttribute('data-public-page')) return;

  try {
    var early;
    if (!mayHoldSession()) {
      // a visitor: the app settles as signed out without asking
    } else if (navigator.locks && typeof BroadcastChannel !== 'undefined') {
      early = navigator.locks.request(CHANNEL, { ifAvailable: true }, function (lock) {
        if (!lock) return null;
        var channel = new BroadcastChannel(CHANNEL);
        channel.postMessage({ type: 'refreshing' });
        return refresh().then(
          function (answer) {
            var session = null;
            if (answer.status >= 200 && answer.status < 300) {
              try {
                session = JSON.parse(answer.body);
              } catch (e) {
                session = null;
              }
            }
            if (session && session.token) {
              var seq = bump();
              channel.postMessage(
                seq === undefined
                  ? { type: 'refreshed', session: session }
                  : { type: 'refreshed', session: session, seq: seq },
              );
            } else channel.postMessage({ type: 'refresh-failed' });
            channel.close();
            return answer;
          },
          function (err) {
            channel.postMessage({ type: 'refresh-failed' });
            channel.close();
            throw err;
          },
        );
      });
    } else if (!navigator.locks) {
      // Without Web Locks each tab refreshes alone, as the app would.
      early = refresh();
    }
    if (early) {
      early.catch(function () {});
      window.__bootRefresh = early;
    }
  } catch (e) {
    // the app asks itself
  }
})();
