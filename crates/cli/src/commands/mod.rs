//! One module per subcommand.

pub(crate) mod bench;
pub(crate) mod hint;
pub(crate) mod match_cmd;
pub(crate) mod perft;
pub(crate) mod play;
pub(crate) mod show;
