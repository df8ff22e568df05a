/**
 * The liveness lease of a browser voice call, one definition for the server and the page. While
 * connected, the page renews the lease with a heartbeat every interval; the server settles a call
 * whose lease expired at its last heartbeat, hangs the provider call up and refuses later
 * heartbeats, so a page that stops heartbeating while still talking is cut off. The lease
 * tolerates two lost heartbeats.
 */
export const VOICE_HEARTBEAT_INTERVAL_SECONDS = 20;
export const VOICE_LEASE_SECONDS = 60;
