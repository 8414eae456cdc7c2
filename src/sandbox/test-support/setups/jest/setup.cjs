globalThis.WebSocket ??= require('ws');
