import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { ApiError } from '../../api/client';
import { RouteError } from './route-states';
import { errorMessage } from './states';

afterEach(cleanup);

const timeout = () => new ApiError(504, 'query exceeded its time budget of 3000 ms', '/api/v3/traces?limit=1000');

describe('a 504 from the API', () => {
  it("is told as a query too heavy for the server's time budget, with the server's own words", () => {
    const m = errorMessage(timeout());
    expect(m.title).toBe("The query was too heavy for the server's time budget (504)");
    expect(m.detail).toContain('query exceeded its time budget of 3000 ms');
    expect(m.detail).toContain('Retry');
    // other server failures keep their own message
    expect(errorMessage(new ApiError(502, 'HTTP 502 Bad Gateway', '/x')).title).toBe('The API failed to answer (502)');
  });

  it("on any page (the router's shared error state) offers a Retry that runs the loader again", async () => {
    let calls = 0;
    const root = createRootRoute();
    const page = createRoute({
      getParentRoute: () => root,
      path: '/',
      loader: () => {
        calls += 1;
        if (calls === 1) throw timeout();
        return 'ok';
      },
      component: () => <p>the page</p>,
    });
    const router = createRouter({
      routeTree: root.addChildren([page]),
      history: createMemoryHistory({ initialEntries: ['/'] }),
      defaultErrorComponent: RouteError,
    });
    render(<RouterProvider router={router} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("The query was too heavy for the server's time budget (504)");
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(calls).toBe(2);
  });
});
