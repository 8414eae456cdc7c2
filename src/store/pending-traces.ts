// Traces in flight: the delivery keeps a trace `pending` while any of its messages waits for a
// later block (across shards, a message is delivered only after the masterchain commits its source
// block). They are few at any time, so the (state, end_lt, trace_id) index walks all of them.
export const PENDING_TRACE_IDS_SQL =
  "SELECT trace_id FROM traces WHERE state = 'pending' ORDER BY end_lt DESC, trace_id DESC";
