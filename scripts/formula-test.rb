# Runs the `test do` block of Formula/podmirror.rb against an installed podmirror, without Homebrew: the few
# parts of Homebrew's formula DSL that the formula uses, and its test assertions, stood in for here.
#   ruby scripts/formula-test.rb Formula/podmirror.rb PREFIX     (PREFIX/bin/podmirror)
# scripts/test-packaging.sh runs it on Linux; the macOS workflow runs the real `brew test`.
require "fileutils"
require "json"
require "open3"
require "pathname"
require "tmpdir"

module OS
  def self.mac? = RUBY_PLATFORM.include?("darwin")
  def self.linux? = !mac?
end

class Formula
  class << self
    attr_reader :test_block, :formula_class

    def inherited(subclass) = (Formula.instance_variable_set(:@formula_class, subclass))
    def test(&block) = (@test_block = block)
    def [](name) = raise("formula-test.rb: Formula[#{name.inspect}] needs Homebrew")
    %i[desc homepage head url sha256 license depends_on uses_from_macos].each { |m| define_method(m) { |*, **| nil } }
  end

  attr_reader :bin, :testpath

  def initialize(prefix, testpath)
    @bin = Pathname(prefix)/"bin"
    @testpath = Pathname(testpath)
  end

  def shell_output(command, status = 0)
    out, code = Open3.capture2(command)
    raise "#{command}: exit #{code.exitstatus}, expected #{status}" unless code.exitstatus == status

    out
  end

  def system(*args)
    ok = Kernel.system(*args.map(&:to_s))
    raise "failed: #{args.join(" ")}" unless ok
  end

  def assert(value, message = "assertion failed") = (value || raise(message))
  def assert_equal(expected, actual) = assert(expected == actual, "expected #{expected.inspect}, got #{actual.inspect}")
  def assert_match(pattern, text) = assert(text.match?(pattern), "#{text.inspect} does not match #{pattern.inspect}")
  def assert_includes(list, item) = assert(list.include?(item), "#{list.inspect} does not include #{item.inspect}")
  def assert_predicate(object, predicate) = assert(object.send(predicate), "#{object} is not #{predicate}")
end

formula_file, prefix = ARGV
abort "usage: ruby scripts/formula-test.rb FORMULA PREFIX" unless formula_file && prefix
load File.expand_path(formula_file)
Dir.mktmpdir("podmirror-formula-test") do |dir|
  home = ENV.fetch("HOME", nil)
  formula = Formula.formula_class
  Dir.chdir(dir) { formula.new(prefix, File.realpath(dir)).instance_eval(&formula.test_block) }
  ENV["HOME"] = home
end
puts "formula-test.rb: the test block of #{formula_file} passed against #{prefix}/bin/podmirror"
