import { options } from 'preact';

/**
 * The app is written against React and runs on Preact (docs/decisions.md). React runs a render's
 * effects before it handles the next input; Preact runs them after the next frame, so an input in
 * between (a click in the frame after a dialog opened) met state an effect was about to reset.
 * Running them in a microtask right after the render keeps React's order.
 */
options.requestAnimationFrame = (flush: () => void) => queueMicrotask(flush);
