/**
 * Network faults for the harness, driven through the official Toxiproxy Java
 * client.
 *
 * <p>{@link fencecheck.faults.proxy.FaultProxies} picks the Toxiproxy server
 * once per JVM: a real one given by URL, a real one in a Testcontainers
 * container, or {@link fencecheck.faults.proxy.ToxiproxyServer}, a small
 * in-JVM server that speaks the same HTTP API and implements the toxics
 * {@code latency}, {@code timeout}, {@code reset_peer}, {@code bandwidth},
 * {@code limit_data}, {@code slow_close} and {@code slicer}, so that a machine
 * without Docker runs the same code path.
 *
 * <p>How the in-JVM server is put together: {@code ToxiproxyServer} answers the
 * HTTP API; each {@code ProxyEndpoint} listens on one port and turns every
 * accepted client into a {@code Connection} with one upstream socket; a
 * connection has two {@code Link}s (client to upstream, upstream to client),
 * each a reader thread that stamps the {@code Chunk}s it reads and a writer
 * thread that passes them through the link's current chain of toxics. A
 * {@code Toxic} is the configuration the API shows; its {@code ToxicType}
 * names the {@code ToxicBehaviour} that acts on the data.
 *
 * <p>Internal: not part of fencecheck's API, and changed without notice. What a team's code may depend on is in
 * {@code fencecheck.api} and {@code fencecheck.kit}.
 */
@API(status = API.Status.INTERNAL)
package fencecheck.faults.proxy;

import org.apiguardian.api.API;
