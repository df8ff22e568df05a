/* global window, document */
/*
 * A stand-in for Meta's Facebook JS SDK (connect.facebook.net/…/sdk.js), served on loopback by
 * server.ts, for WhatsApp's embedded sign-up in browser tests. Like the real one it defines
 * window.FB, calls window.fbAsyncInit once loaded, and FB.login opens Meta's window: here a page of
 * the same fake server (its own origin, as facebook.com is for the real SDK) that posts the scripted
 * WA_EMBEDDED_SIGNUP event to the opener, then hands FB.login its answer and closes.
 */
(function () {
  var origin = new URL(document.currentScript.src).origin;
  var initialised = null;

  window.FB = {
    init: function (options) {
      initialised = options;
    },
    login: function (callback, options) {
      if (!initialised) throw new Error('FB.init must be called before FB.login');
      var query = new URLSearchParams({
        app_id: String(initialised.appId),
        version: String(initialised.version),
        config_id: String(options.config_id),
        response_type: String(options.response_type),
        extras: JSON.stringify(options.extras || {}),
      });
      function onAnswer(event) {
        if (
          event.origin !== origin ||
          !event.data ||
          typeof event.data !== 'object' ||
          !('fakeFbLogin' in event.data)
        ) {
          return;
        }
        window.removeEventListener('message', onAnswer);
        callback(event.data.fakeFbLogin);
      }
      window.addEventListener('message', onAnswer);
      window.open(origin + '/dialog?' + query.toString(), 'fake-facebook-login', 'width=600,height=700');
    },
  };

  if (typeof window.fbAsyncInit === 'function') window.fbAsyncInit();
})();
