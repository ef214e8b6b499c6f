// Same message as oidc-client-ts IFrameWindow.notifyParent(url): same origin only.
if (window.parent && window.parent !== window) {
  window.parent.postMessage(
    { source: 'oidc-client', url: window.location.href, keepOpen: false },
    window.location.origin,
  );
}
