// The self-contained browser bundle of simple-peer carries its own Buffer/process shims, so the
// app needs no Node globals; it has no types of its own, so this declares the part we use.
declare module "simple-peer/simplepeer.min.js" {
  const SimplePeer: new (opts: Record<string, unknown>) => unknown;
  export default SimplePeer;
}
