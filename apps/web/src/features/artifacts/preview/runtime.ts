/**
 * What a React artifact's preview frame runs before the artifact: React and ReactDOM, offered to
 * the compiled component through a small `require`. Built by Vite as one self-contained script
 * (`?worker&url`), fetched by the app and written inline into the frame's document, since the
 * frame may load nothing.
 */
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import * as jsxRuntime from 'react/jsx-runtime';

const modules: Record<string, unknown> = {
  react: React,
  'react-dom': ReactDOM,
  'react-dom/client': ReactDOMClient,
  'react/jsx-runtime': jsxRuntime,
};

function artifactRequire(name: string): unknown {
  if (Object.hasOwn(modules, name)) return modules[name];
  throw new Error(`"${name}" cannot be imported in this preview (only react and react-dom).`);
}

function showError(error: unknown): void {
  const box = document.createElement('pre');
  box.setAttribute('role', 'alert');
  box.style.cssText = 'color:#b91c1c;white-space:pre-wrap;font:13px/1.4 monospace;padding:12px;margin:0';
  box.textContent = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  document.body.replaceChildren(box);
}

/** Runs the compiled module and mounts its default export (or the last function it defines). */
function mount(run: (require: typeof artifactRequire, module: { exports: Record<string, unknown> }) => void) {
  try {
    const module = { exports: {} as Record<string, unknown> };
    run(artifactRequire, module);
    const exported = module.exports.default ?? module.exports;
    const root = document.getElementById('root');
    if (!root) throw new Error('No root element');
    if (typeof exported === 'function') {
      ReactDOMClient.createRoot(root).render(React.createElement(exported as React.FC));
    } else if (React.isValidElement(exported)) {
      ReactDOMClient.createRoot(root).render(exported);
    } else {
      throw new Error('The artifact has no default export to render.');
    }
  } catch (error) {
    showError(error);
  }
}

window.addEventListener('error', (event) => showError(event.error ?? event.message));
Object.assign(window, { __artifactMount: mount });
