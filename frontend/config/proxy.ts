//! Dev-server proxy: `max dev` forwards API calls to the gateway (`make run` listens on :8080).
const target = process.env.KEEPER_GATEWAY || 'http://127.0.0.1:8080';

export default {
  '/api/': { target, changeOrigin: true },
};
