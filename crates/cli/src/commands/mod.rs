//! One module per subcommand.

pub(crate) mod bench;
pub(crate) mod perft;
pub(crate) mod probe;
pub(crate) mod show;
pub(crate) mod solve;
