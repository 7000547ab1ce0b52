// Screens whose code loads on demand, and can be loaded ahead. React shows a screen that suspended no
// sooner than 300 ms after its loading state appeared; a screen whose code is already here renders at
// once, so the browser entry loads the first screen's code before it hydrates and nothing suspends.
import { createElement, lazy, useState, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';

/** A screen loaded on demand; `load()` fetches its code ahead of its first render. */
export interface LazyPage {
  (props: object): ReactElement;
  load(): Promise<unknown>;
}

export function lazyPage(importPage: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const load = () => (loading ??= importPage().then((m) => (loaded = m.default)));
  const Suspending = lazy(() => load().then((page) => ({ default: page })));
  // Each instance keeps the component it started with: a screen first rendered before its code came
  // stays under the suspending one, never remounted when the code arrives.
  const Page = (props: object) => createElement(useState(() => loaded ?? Suspending)[0], props);
  return Object.assign(Page, { load });
}

const isLazyPage = (type: unknown): type is LazyPage => typeof type === 'function' && 'load' in type;

/** Loads the code of every on-demand screen the route table shows at `pathname`; a failure is left to the screen. */
export async function loadScreensOf(routes: RouteObject[], pathname: string): Promise<void> {
  const types = (matchRoutes(routes, pathname) ?? []).map((m) => (m.route.element as ReactElement | undefined)?.type);
  await Promise.allSettled(types.filter(isLazyPage).map((page) => page.load()));
}
