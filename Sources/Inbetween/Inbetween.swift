// The module an app imports. It re-exports the engine's value types (`TimingFunction`,
// `SpringParameters`, `Value`, `Point`...) so that `import Inbetween` is all an app writes;
// the Lua layer stays an implementation detail: no Lua type appears in this module's API.
@_exported import InbetweenEngine
