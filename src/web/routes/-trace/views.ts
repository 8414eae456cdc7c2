/** The trace page's views, in tab order (the route's search schema reads this; keep it free of imports: it is in the main chunk). */
export const TRACE_VIEWS = ['graph', 'table', 'lanes'] as const;
export type TraceViewName = (typeof TRACE_VIEWS)[number];
