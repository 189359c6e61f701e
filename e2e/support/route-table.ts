import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { repositoryRoot } from './server';

/** The console's route table: the `routes` array of apps/web/src/app/router.tsx. */
export const ROUTER_FILE = path.join(repositoryRoot, 'apps/web/src/app/router.tsx');

function propertyOf(object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const property of object.properties) {
    if (ts.isPropertyAssignment(property) && property.name.getText() === name) return property.initializer;
  }
  return undefined;
}

function join(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  const base = parent.endsWith('/') ? parent : `${parent}/`;
  return `${base}${child}`;
}

function collect(routes: ts.ArrayLiteralExpression, parent: string, screens: Set<string>): void {
  for (const element of routes.elements) {
    if (!ts.isObjectLiteralExpression(element)) continue;
    const pathNode = propertyOf(element, 'path');
    const own = pathNode && ts.isStringLiteralLike(pathNode) ? join(parent, pathNode.text) : parent;
    // A screen is a route that loads a page (lazy): its own path, or its parent's for an index route.
    if (propertyOf(element, 'lazy')) screens.add(own === '' ? '/' : own);
    const children = propertyOf(element, 'children');
    if (children && ts.isArrayLiteralExpression(children)) collect(children, own, screens);
  }
}

/**
 * Every screen path of the route table ('/dashboard', '/projects/:id', '*'…), read from the router's
 * source, so that a screen added to the router is known to the browser tests at once.
 */
export function screenPaths(source: string = readFileSync(ROUTER_FILE, 'utf8')): string[] {
  const file = ts.createSourceFile('router.tsx', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const screens = new Set<string>();
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      node.name.getText() === 'routes' &&
      node.initializer &&
      ts.isArrayLiteralExpression(node.initializer)
    ) {
      collect(node.initializer, '', screens);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  // A catch-all child ('*') under the shell is the not-found screen.
  return [...screens].map((screen) => (screen.endsWith('/*') ? '*' : screen));
}
