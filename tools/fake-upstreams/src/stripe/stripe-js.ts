/**
 * A Stripe.js-compatible script for the browser in tests (STRIPE_JS_URL pointed at the fake's
 * `/v3/stripe.js`): only what the app uses. `Stripe(pk)` → `elements(options)` (mode, amount,
 * currency; `update`, `submit`) → `create('expressCheckout', { buttonHeight })` → an element that
 * mounts one wallet button, fires `ready` (a wallet is available), and on a click fires `click`
 * (with `resolve`) then `confirm` (with `paymentFailed`). `confirmPayment({ clientSecret,
 * confirmParams: { return_url } })` goes to the fake's confirm page, which confirms the payment
 * intent, tells the webhook, and returns to `return_url?…&redirect_status=succeeded`, as Stripe's
 * redirect does. What the app passed is kept on `window.__fakeStripe` for the tests to read.
 */
export const FAKE_STRIPE_JS = String.raw`(function () {
  'use strict';
  var script = document.currentScript;
  var origin = script && script.src ? new URL(script.src).origin : window.location.origin;
  var seen = { publishableKey: null, elements: null, element: null, click: null, confirms: 0 };
  window.__fakeStripe = seen;

  function expressCheckout(elementsOptions, options) {
    var handlers = {};
    var button = null;
    function emit(name, event) {
      (handlers[name] || []).forEach(function (h) { h(event); });
    }
    return {
      on: function (name, handler) {
        (handlers[name] = handlers[name] || []).push(handler);
        return this;
      },
      off: function (name) { delete handlers[name]; return this; },
      mount: function (target) {
        var host = typeof target === 'string' ? document.querySelector(target) : target;
        if (!host) throw new Error('Fake Stripe.js: the mount target was not found');
        button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'Pay with Fake Wallet';
        button.setAttribute('data-testid', 'fake-stripe-express-button');
        button.style.height = String(options.buttonHeight || 44) + 'px';
        button.style.width = '100%';
        button.style.borderRadius = '6px';
        button.style.background = '#000';
        button.style.color = '#fff';
        button.style.font = '600 15px system-ui, sans-serif';
        button.style.border = '0';
        button.style.cursor = 'pointer';
        button.addEventListener('click', function () {
          var resolved = null;
          emit('click', {
            elementType: 'expressCheckout',
            expressPaymentType: 'google_pay',
            resolve: function (o) { resolved = o || {}; },
            reject: function () { resolved = false; },
          });
          if (handlers.click && !resolved) return;
          seen.click = resolved;
          emit('confirm', {
            elementType: 'expressCheckout',
            expressPaymentType: 'google_pay',
            billingDetails: { name: 'Fake Wallet', email: null, address: { country: 'US' } },
            paymentFailed: function () { button.textContent = 'Payment failed'; },
          });
        });
        host.appendChild(button);
        setTimeout(function () {
          emit('ready', {
            elementType: 'expressCheckout',
            availablePaymentMethods: { applePay: false, googlePay: true, link: false, paypal: false },
          });
        }, 0);
      },
      unmount: function () { if (button && button.parentNode) button.parentNode.removeChild(button); },
      destroy: function () { this.unmount(); handlers = {}; },
    };
  }

  function Stripe(publishableKey) {
    if (typeof publishableKey !== 'string' || publishableKey.indexOf('pk_') !== 0) {
      throw new Error('Fake Stripe.js: a publishable key (pk_...) is required');
    }
    seen.publishableKey = publishableKey;
    return {
      _registerWrapper: function () {},
      elements: function (options) {
        var opts = Object.assign({}, options || {});
        seen.elements = opts;
        return {
          update: function (more) { Object.assign(opts, more || {}); },
          submit: function () { return Promise.resolve({}); },
          create: function (type, options) {
            if (type !== 'expressCheckout') throw new Error('Fake Stripe.js: unsupported element ' + type);
            seen.element = Object.assign({ type: type }, options || {});
            return expressCheckout(opts, options || {});
          },
        };
      },
      confirmPayment: function (params) {
        var secret = params && params.clientSecret;
        var ret = params && params.confirmParams && params.confirmParams.return_url;
        if (!secret || !ret) {
          return Promise.resolve({
            error: { type: 'invalid_request_error', message: 'clientSecret and confirmParams.return_url are required' },
          });
        }
        seen.confirms += 1;
        window.location.assign(
          origin + '/js/confirm?client_secret=' + encodeURIComponent(secret) +
            '&return_url=' + encodeURIComponent(ret) + '&key=' + encodeURIComponent(publishableKey),
        );
        return new Promise(function () {});
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`;
