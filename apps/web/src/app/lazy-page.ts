import { type ComponentType, createElement } from 'react';
import { useDisplayPreferences } from '../lib/display-preferences';

/** A route chunk that has not arrived after this long is reported as an error. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

function withTimeout<T>(promise: Promise<T>, milliseconds: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error("Le chargement de l'écran a pris trop de temps.")),
      milliseconds,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * A screen drawn again when the admin's time zone or language changes (issue 14): every date and
 * number it shows goes through lib/format, which reads them at each render.
 */
function followingDisplayPreferences(Page: ComponentType): ComponentType {
  function Screen() {
    useDisplayPreferences();
    return createElement(Page);
  }
  Screen.displayName = `Screen(${Page.displayName ?? Page.name})`;
  return Screen;
}

/** React Router `lazy` for a screen module whose default export is the page component. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    const module = await withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS);
    return { Component: followingDisplayPreferences(module.default) };
  };
}
