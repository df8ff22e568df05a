/**
 * The console's recording player and the Content-Security-Policy that lets it draw.
 *
 * wavesurfer renders inside a shadow root and styles it with one inline <style> element; without
 * it the progress layer is laid out below the waveform instead of over it (four lanes for a stereo
 * file instead of two). The console allows no inline styles, so its policy names that exact
 * element by hash. The text only depends on the wavesurfer version and on the lane height, so the
 * player uses this height and a unit test recomputes the hash from the installed wavesurfer.
 */

/** Height in pixels of one lane (one channel) of the waveform. */
export const RECORDING_LANE_HEIGHT = 56;

/** style-src source for wavesurfer's shadow-root <style> with RECORDING_LANE_HEIGHT. */
export const WAVESURFER_STYLE_HASH = "'sha256-GDz2FZP0i7VZaDhs1mgc43IRUXU2xajPIjvThHvZvbs='";
