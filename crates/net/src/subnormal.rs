//! Subnormal weights flushed to zero. Training can leave weights so close to zero that they are
//! subnormal floats (below `f32::MIN_POSITIVE`), and on x86-64 every product with one takes a
//! slow microcode path: a classic all-variants run measured its self-play and training 3–4×
//! slower by generation 70, with 7% of its weights subnormal (experiments/2026-12-03-musashi-bundle).
//! Such a weight contributes less than 1e-38 to any output, so setting it to zero changes no
//! result; the learner does it after every step, and loading does it to older checkpoints.
//! Beside it, the count of weights that are not finite at all (`non_finite_params`), which saving
//! and loading refuse.

use burn::module::{Module, ModuleMapper, ModuleVisitor, Param};
use burn::prelude::*;

/// Sets every subnormal float parameter to zero.
struct FlushSubnormals;

impl ModuleMapper for FlushSubnormals {
    fn map_float<const D: usize>(&mut self, param: Param<Tensor<D>>) -> Param<Tensor<D>> {
        param.map(|t| {
            // On the inner backend, so that the result is a leaf again (a parameter).
            let (autodiff, tracked) = (t.is_autodiff(), t.is_require_grad());
            let plain = t.inner();
            let tiny = plain.clone().abs().lower_elem(f32::MIN_POSITIVE);
            let flushed = plain.mask_fill(tiny, 0.0);
            match (autodiff, tracked) {
                (false, _) => flushed,
                (true, false) => flushed.autodiff(),
                (true, true) => flushed.autodiff().require_grad(),
            }
        })
    }
}

/// Counts the parameters that are not finite numbers (NaN or infinite).
struct CountNonFinite(usize);

impl ModuleVisitor for CountNonFinite {
    fn visit_float<const D: usize>(&mut self, param: &Param<Tensor<D>>) {
        // Whatever the backend's float type, read as f32 (a value that is not finite stays so);
        // weights that cannot be read at all count as broken, never as fine.
        let tensor = param.val();
        let numel = tensor.shape().num_elements();
        self.0 += match tensor.into_data().try_into_vec_as::<f32>() {
            Ok(values) => values.iter().filter(|x| !x.is_finite()).count(),
            Err(_) => numel,
        };
    }
}

/// How many of `module`'s parameters are NaN or infinite.
pub(crate) fn non_finite_params<M: Module>(module: &M) -> usize {
    let mut count = CountNonFinite(0);
    module.visit(&mut count);
    count.0
}

/// `module` with its subnormal weights set to zero (every other weight unchanged).
pub(crate) fn flush_subnormals<M: Module>(module: M) -> M {
    module.map(&mut FlushSubnormals)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ModelConfig;
    use burn::tensor::TensorData;

    /// Every third value of every parameter replaced by a subnormal, the others kept.
    struct Plant;

    impl ModuleMapper for Plant {
        fn map_float<const D: usize>(&mut self, param: Param<Tensor<D>>) -> Param<Tensor<D>> {
            param.map(|t| {
                let (shape, device) = (t.shape(), t.device());
                let values: Vec<f32> = t.into_data().try_to_vec::<f32>().unwrap();
                let planted: Vec<f32> =
                    values.iter().enumerate().map(|(i, &x)| if i % 3 == 0 { -1e-40 } else { x }).collect();
                Tensor::from_data(TensorData::new(planted, shape), &device)
            })
        }
    }

    fn values<M: Module>(m: &M) -> Vec<f32> {
        struct Collect(Vec<f32>);
        impl ModuleMapper for Collect {
            fn map_float<const D: usize>(&mut self, param: Param<Tensor<D>>) -> Param<Tensor<D>> {
                let v: Vec<f32> = param.val().into_data().try_to_vec::<f32>().unwrap();
                self.0.extend(v);
                param
            }
        }
        let mut c = Collect(Vec::new());
        let _ = m.clone().map(&mut c);
        c.0
    }

    #[test]
    fn subnormals_become_zero_and_nothing_else_changes() {
        let config = ModelConfig::mlp(8, 1, 4, 4);
        let device = Device::flex();
        let planted = config.init(&device).map(&mut Plant);
        let before = values(&planted);
        assert!(before.iter().filter(|x| x.is_subnormal()).count() > 100);
        let after = values(&flush_subnormals(planted));
        assert_eq!(before.len(), after.len());
        for (b, a) in before.iter().zip(&after) {
            let want = if b.is_subnormal() { 0.0 } else { *b };
            assert_eq!(a.to_bits(), want.to_bits(), "{b} became {a}");
        }
    }

    #[test]
    fn non_finite_weights_are_counted_and_subnormals_are_not() {
        let device = Device::flex();
        for config in [ModelConfig::mlp(8, 1, 4, 4), ModelConfig::graph(8, 1, 4, 4)] {
            let clean = config.init(&device);
            assert_eq!(non_finite_params(&clean), 0);
            assert_eq!(non_finite_params(&clean.clone().map(&mut Plant)), 0, "subnormals are finite");
            struct Poison(usize);
            impl ModuleMapper for Poison {
                fn map_float<const D: usize>(&mut self, param: Param<Tensor<D>>) -> Param<Tensor<D>> {
                    param.map(|t| {
                        let (shape, device) = (t.shape(), t.device());
                        let mut v: Vec<f32> = t.into_data().try_to_vec::<f32>().unwrap();
                        v[0] = if self.0.is_multiple_of(2) { f32::NAN } else { f32::INFINITY };
                        self.0 += 1;
                        Tensor::from_data(TensorData::new(v, shape), &device)
                    })
                }
            }
            let mut poison = Poison(0);
            let broken = clean.map(&mut poison);
            assert_eq!(non_finite_params(&broken), poison.0, "{config:?}");
        }
    }
}
