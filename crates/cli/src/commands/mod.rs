//! One module per subcommand.

pub(crate) mod bench;
pub(crate) mod perft;
pub(crate) mod selfplay;
pub(crate) mod show;
