//! `WeightsError`: why a safetensors file does not give the network's weights.

use std::fmt;

/// Why weights could not be read: the file's framing, a tensor's entry, or a tensor that the
/// architecture lacks, needs in another shape, or does not have.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum WeightsError {
    /// The first bytes are not a safetensors header length that fits the file.
    NotSafetensors(&'static str),
    /// The JSON header does not parse or is not an object.
    Header(String),
    /// A tensor's entry in the header (dtype, shape, byte range).
    Tensor {
        /// The tensor.
        name: String,
        /// What is wrong with its entry.
        problem: String,
    },
    /// A tensor the architecture needs is absent.
    Missing(String),
    /// A tensor has another shape than the architecture needs.
    Shape {
        /// The tensor.
        name: String,
        /// Its shape in the file.
        got: Vec<usize>,
        /// The shape the architecture needs.
        want: Vec<usize>,
    },
    /// The file has a tensor the architecture does not.
    Extra(String),
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeightsError::NotSafetensors(why) => write!(f, "not a safetensors file: {why}"),
            WeightsError::Header(why) => write!(f, "bad safetensors header: {why}"),
            WeightsError::Tensor { name, problem } => write!(f, "tensor {name}: {problem}"),
            WeightsError::Missing(name) => write!(f, "weights lack {name}"),
            WeightsError::Shape { name, got, want } => {
                write!(f, "weights: {name} has shape {got:?}, the architecture needs {want:?}")
            }
            WeightsError::Extra(name) => write!(f, "weights have a tensor the architecture does not: {name}"),
        }
    }
}

impl std::error::Error for WeightsError {}
